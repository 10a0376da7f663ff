import type { AppError } from '../errors/app-error.ts';
import { assertAcceptableInput } from '../errors/acceptable-input.ts';
import type { ApiApp } from './types.ts';

/**
 * Checks every route's path parameters, query and parsed body before validation against the rules
 * of errors/acceptable-input.ts (multipart bodies are read by their routes: readUploadParts checks
 * each field and file name).
 */
export function registerInputGuards(app: ApiApp): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertAcceptableInput(request.params);
      assertAcceptableInput(request.query);
      assertAcceptableInput(request.body);
      done();
    } catch (error) {
      done(error as AppError);
    }
  });
}
