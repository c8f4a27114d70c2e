/** The brand colour rules live in the contract, so that the console's forms and the server agree. */
export { isHexColor, readableTextOn } from '@portal/contract';
