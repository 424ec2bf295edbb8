/**
 * A stored shipping address in UCP's terms (types/postal_address.json), for checkouts'
 * destinations and orders' expectations alike. The service keeps one name, which UCP splits: a
 * destination sent as first_name + last_name was stored joined by a space, so splitting at the
 * first space gives back what was sent (a first name of several words comes back shorter).
 */
import { z } from 'zod';
import type { ShippingAddress } from '../db/schema';

export const postalAddressResponse = z
  .object({
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    street_address: z.string(),
    extended_address: z.string().optional(),
    address_locality: z.string(),
    address_region: z.string().optional(),
    postal_code: z.string(),
    address_country: z.string(),
    phone_number: z.string().optional(),
  })
  .describe('A postal address (UCP types/postal_address.json).')
  .meta({ id: 'UcpPostalAddress' });

export type PostalAddress = z.infer<typeof postalAddressResponse>;

export function postalAddressOf(address: ShippingAddress): PostalAddress {
  const space = address.name.indexOf(' ');
  return {
    ...(space < 0 ? { first_name: address.name } : { first_name: address.name.slice(0, space), last_name: address.name.slice(space + 1) }),
    street_address: address.line1,
    ...(address.line2 && { extended_address: address.line2 }),
    address_locality: address.city,
    ...(address.region && { address_region: address.region }),
    postal_code: address.postal_code,
    address_country: address.country,
    ...(address.phone && { phone_number: address.phone }),
  };
}
