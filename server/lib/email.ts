/**
 * E-mail addresses as the JSON Schema validators check format "email" (dot-atoms, domain labels that
 * neither start nor end with a hyphen), so no address the service accepts is one a strict client
 * would refuse when it comes back in an answer.
 */
import { z } from 'zod';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`);

export const emailAddress = () => z.email({ pattern: EMAIL }).max(254);
