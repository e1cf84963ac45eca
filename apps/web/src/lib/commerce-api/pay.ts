// POST /user/pay/: creates an order for a product and returns the QR content (code_url) and order id.
import { CommercePaths, type PayData } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../api-client';

export const createOrder = (goods: string) => request<PayData>(CommercePaths.pay, { method: 'POST', body: { goods } });
export const useCreateOrder = () => useMutation({ mutationFn: createOrder });
