import { z } from 'zod';
import { AddressSource, Language, Voivodeship } from '../enums';

export const ZUserId = z.uuid();

export const ZAddress = z.object({
  voivodeship: Voivodeship.nullable(),
  cityName: z.string(),
  postCode: z.string(),
  streetName: z.string(),
  buildingNumber: z.string(),
  apartmentNumber: z.string().nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZContact = z.object({
  userId: ZUserId,
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  language: Language,
});
export type TContact = z.infer<typeof ZContact>;

export { AddressSource };
