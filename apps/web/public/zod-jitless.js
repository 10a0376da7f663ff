// Read by zod when it loads (its global configuration): compile no validator with `new Function`.
// The portal's Content-Security-Policy allows no eval (script-src 'self'), and zod's probe for
// it is reported as a violation even though zod catches the error. A file, loaded before the
// app's modules, because the same policy refuses inline scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
