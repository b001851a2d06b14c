/** A postal address as typed into a form (the apartment number may stay empty). */
export interface AddressFields {
  voivodeship: string;
  cityName: string;
  postCode: string;
  streetName: string;
  buildingNumber: string;
  apartmentNumber: string;
}

export const EMPTY_ADDRESS_FIELDS: AddressFields = {
  voivodeship: '',
  cityName: '',
  postCode: '',
  streetName: '',
  buildingNumber: '',
  apartmentNumber: '',
};
