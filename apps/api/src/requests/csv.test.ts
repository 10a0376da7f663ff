import { describe, expect, test } from 'vitest';
import { csvField, csvLine, neutraliseFormula } from './csv.ts';

describe('CSV formula injection (OWASP): every text cell starting with = + - @ tab or CR', () => {
  test.each([
    ['=2+5', "'=2+5"],
    ['@SUM(1)', "'@SUM(1)"],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-1', "'-1"],
    ['=HYPERLINK("http://x.test","clic")', `"'=HYPERLINK(""http://x.test"",""clic"")"`],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['=1;2', `"'=1;2"`],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  test('ordinary text, inner signs and numbers are written as they are', () => {
    expect(csvField('Capbreton')).toBe('Capbreton');
    expect(csvField('AB-12 = lot 3')).toBe('AB-12 = lot 3');
    expect(csvField('marie@exemple.fr')).toBe('marie@exemple.fr');
    expect(csvField(' =1')).toBe(' =1');
    expect(csvField(42)).toBe('42');
    // A number is no formula: a negative one keeps its sign.
    expect(neutraliseFormula(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  test('a line neutralises each cell and keeps the quoting', () => {
    expect(csvLine([12, '=2+5', 'du "Phare"; nord', '-x'])).toBe(`12;'=2+5;"du ""Phare""; nord";'-x\r\n`);
  });
});
