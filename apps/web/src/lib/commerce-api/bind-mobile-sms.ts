// Sends the SMS code for a phone change to the new number (spec 02 §7: path not shown).
import { CommercePaths } from '@labstat/contracts';
import { request } from '../api-client';

export const sendBindMobileSms = (account: string) => request<unknown>(CommercePaths.bindMobileSms, { method: 'POST', body: { account: account.trim() } });
