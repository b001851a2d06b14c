/** A parcel's sender as stored. */
export interface SenderAddress {
  name: string;
  company: string | null;
  street: string;
  postCode: string;
  city: string;
  phone: string | null;
  email: string | null;
}

/** An erased sender (decision 0057): the parcel's record stays, nothing in it names the person. */
export const ERASED = 'ERASED';

export function anonymizedSender(): SenderAddress {
  return {
    name: ERASED,
    company: null,
    street: ERASED,
    postCode: '00-000',
    city: ERASED,
    phone: null,
    email: null,
  };
}

export function isAnonymizedSender(sender: SenderAddress): boolean {
  return sender.name === ERASED && sender.phone === null && sender.email === null;
}
