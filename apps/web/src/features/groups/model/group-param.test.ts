import { GROUP_TYPES } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { GROUP_PARAMS, isGroupType } from './group-param';

describe('/groups/{type} parameter', () => {
  it('accepts the domain’s group types, and only them', () => {
    expect(GROUP_PARAMS).toEqual(GROUP_TYPES.map((option) => option.value));
    expect(isGroupType('operator')).toBe(true);
    expect(isGroupType('inconnu')).toBe(false);
  });
});
