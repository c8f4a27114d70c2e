import { formatCents } from '@portal/contract';

/**
 * Money as the portal shows it: '€ 1.250,50' with a no-break space, so that an amount never breaks
 * over two lines ('€' at the end of one line, '985,75' on the next, on a phone). The contract's
 * formatEuro keeps the plain space for texts that are not laid out by a browser (PDFs, mails, CSV).
 */
export const euro = (cents: number) => euroAmount(formatCents(cents));

/** An amount the server formatted already ('985,75', the spec's `additional_costs`) with its sign. */
export const euroAmount = (amount: string) => `€\u00a0${amount}`;
