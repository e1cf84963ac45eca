// GET /user/pay/status/: FAIL until the order is paid, then SUCCESS (EXPIRED/CLOSED end it too).
// Polled by the Vip page's own loop (not a query) because polling must stop the moment the order
// stops being current or the user leaves /vip.
import { CommercePaths, type PayStatusData } from '@labstat/contracts';
import type { z } from 'zod';
import { request } from '../api-client';

export type PayStatus = z.infer<typeof PayStatusData>['status'];

export const fetchPayStatus = async (orderId: string, signal?: AbortSignal): Promise<PayStatus> =>
  (await request<z.infer<typeof PayStatusData>>(CommercePaths.payStatus, { query: { order_id: orderId }, silent: true, ...(signal ? { signal } : {}) })).status;
