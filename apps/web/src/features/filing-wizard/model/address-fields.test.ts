import { describe, expect, it } from 'vitest';
import {
  addressFromBan,
  fillEmptyFields,
  splitHouseNumber,
  splitStreet,
  EMPTY_ADDRESS,
} from './address-fields';

describe('address fields from the address search', () => {
  it('splits the street into a type of the list and the name', () => {
    expect(splitStreet('Rue des Pins')).toEqual({ addressType: 'Rue', addressName: 'des Pins' });
    expect(splitStreet('avenue de la Plage')).toEqual({ addressType: 'Avenue', addressName: 'de la Plage' });
    expect(splitStreet('Grande Rue')).toEqual({ addressType: 'Grande Rue', addressName: '' });
    expect(splitStreet('Impasse  du Moulin')).toEqual({ addressType: 'Impasse', addressName: 'du Moulin' });
    expect(splitStreet('Allee des Pinsons')).toEqual({ addressType: 'Allée', addressName: 'des Pinsons' });
    expect(splitStreet('Les Arènes')).toEqual({ addressType: '', addressName: 'Les Arènes' });
    // A word that merely starts like a type is not one.
    expect(splitStreet('Ruelles Basses')).toEqual({ addressType: '', addressName: 'Ruelles Basses' });
  });

  it('splits the house number and its extension', () => {
    expect(splitHouseNumber('12')).toEqual({ addressNum: '12', addressExt: '' });
    expect(splitHouseNumber('12bis')).toEqual({ addressNum: '12', addressExt: 'bis' });
    expect(splitHouseNumber('4 B')).toEqual({ addressNum: '4', addressExt: 'B' });
    expect(splitHouseNumber(undefined)).toEqual({ addressNum: '', addressExt: '' });
  });

  it('fills the main address from a BAN feature (street or house number)', () => {
    expect(
      addressFromBan({ housenumber: '12', street: 'Rue des Pins', postcode: '40130', city: 'Capbreton' }),
    ).toEqual({
      ...EMPTY_ADDRESS,
      addressNum: '12',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
    });
    expect(
      addressFromBan({
        name: 'Chemin de Lartigue',
        type: 'street',
        postcode: '40230',
        city: 'Saint-Vincent-de-Tyrosse',
      }),
    ).toMatchObject({ addressNum: '', addressType: 'Chemin', addressName: 'de Lartigue' });
  });

  it('fills a lieu-dit without number, and only the town for a municipality', () => {
    expect(
      addressFromBan({ name: 'Lartigue', type: 'locality', postcode: '40230', city: 'Saubion' }),
    ).toEqual({
      ...EMPTY_ADDRESS,
      addressType: 'Lieu-dit',
      addressName: 'Lartigue',
      place: 'Lartigue',
      addressPostalCode: '40230',
      addressCity: 'Saubion',
    });
    expect(
      addressFromBan({ name: 'Capbreton', type: 'municipality', postcode: '40130', city: 'Capbreton' }),
    ).toEqual({
      ...EMPTY_ADDRESS,
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
    });
  });

  it('fills only the empty fields', () => {
    const current = { ...EMPTY_ADDRESS, addressCity: 'Seignosse' };
    expect(fillEmptyFields(current, { addressCity: 'Capbreton', addressPostalCode: '40130' })).toEqual({
      ...EMPTY_ADDRESS,
      addressCity: 'Seignosse',
      addressPostalCode: '40130',
    });
  });
});
