import type { FileRequest } from '@voirie/domain';

type AddressInput = {
  addressNum?: string | null;
  addressExt?: string | null;
  addressType?: string | null;
  addressName?: string | null;
  addressCity?: string | null;
  addressPostalCode?: string | null;
  place?: string | null;
};

/** The address columns shared by the request, its secondary addresses and the parties. */
export function addressValues(address: AddressInput) {
  return {
    addressNum: address.addressNum ?? null,
    addressExt: address.addressExt ?? null,
    addressType: address.addressType ?? null,
    addressName: address.addressName ?? null,
    addressCity: address.addressCity ?? null,
    addressPostalCode: address.addressPostalCode ?? null,
    place: address.place ?? null,
  };
}

/** The request columns the applicant's location, dates and attestation give (kind-independent). */
export function applicantRequestValues(data: FileRequest) {
  return {
    ...addressValues(data),
    lon: data.lon ?? null,
    lat: data.lat ?? null,
    plotNumbers: data.plotNumbers,
    sections: data.sections ?? null,
    operationCode: data.operationCode ?? null,
    project: data.project ?? null,
    dateStart: data.dateStart,
    dateEnd: data.dateEnd,
    numberDays: data.numberDays,
    accuracyInformation: data.accuracyInformation,
    madeIn: data.madeIn,
    madeLastName: data.madeLastName,
    madeFirstName: data.madeFirstName,
    madeFonction: data.madeFonction,
  };
}

/** "12 Rue des Pins, Capbreton": the site as mails name it. */
export function siteAddressOf(data: AddressInput): string {
  const street = [data.addressNum, data.addressType, data.addressName].filter(Boolean).join(' ');
  return [street, data.addressCity].filter(Boolean).join(', ');
}
