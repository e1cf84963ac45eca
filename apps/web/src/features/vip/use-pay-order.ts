// Payment (spec 02 §4): choosing a product creates an order and shows its QR; the status is polled
// every 2 s while it answers FAIL, and only while that order is the current one and the page is
// /vip — closing the dialog, choosing another product or leaving the page ends the loop at once.
import { CommerceMessages, PAY_POLL_MS, type PayData, type Product } from '@labstat/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { useCreateOrder } from '../../lib/commerce-api/pay';
import { fetchPayStatus } from '../../lib/commerce-api/pay-status';

export type PlanKind = 'basic' | 'advanced';
export type PayPhase = 'waiting' | 'expired' | 'closed' | 'error';

export interface CurrentOrder {
  plan: PlanKind;
  product: Product;
  pay: PayData;
}

export function usePayOrder(onPaid: () => void) {
  const { pathname } = useLocation();
  const onVip = pathname === '/vip';
  const create = useCreateOrder();
  const [current, setCurrent] = useState<CurrentOrder | null>(null);
  const [phase, setPhase] = useState<PayPhase>('waiting');
  const [error, setError] = useState('');
  const [pendingPid, setPendingPid] = useState<string | null>(null);
  const paid = useRef(onPaid);
  paid.current = onPaid;
  // The order the user is looking at; a reply for any other order is ignored.
  const currentOrder = useRef<string | null>(null);
  currentOrder.current = current?.pay.order ?? null;

  // Set synchronously, so a double click cannot create two orders before React re-renders.
  const creating = useRef(false);

  const choose = useCallback(
    async (plan: PlanKind, product: Product) => {
      if (creating.current) return;
      creating.current = true;
      setPendingPid(product.vip_pid);
      try {
        const pay = await create.mutateAsync(product.vip_pid);
        setCurrent({ plan, product, pay });
        setPhase('waiting');
        setError('');
      } catch {
        /* the API client showed why */
      } finally {
        creating.current = false;
        setPendingPid(null);
      }
    },
    [create],
  );

  const close = useCallback(() => setCurrent(null), []);

  const order = current?.pay.order ?? null;
  useEffect(() => {
    if (!order || phase !== 'waiting' || !onVip) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const again = () => {
      if (!abort.signal.aborted) timer = setTimeout(tick, PAY_POLL_MS);
    };
    const tick = async () => {
      try {
        const status = await fetchPayStatus(order, abort.signal);
        if (abort.signal.aborted || currentOrder.current !== order) return;
        if (status === 'FAIL') again();
        else if (status === 'SUCCESS') paid.current();
        else setPhase(status === 'EXPIRED' ? 'expired' : 'closed');
      } catch (err) {
        if (abort.signal.aborted) return;
        // A dropped connection is retried; an answer refusing the order ends the loop.
        if (err instanceof ApiError && err.code !== -1) {
          setError(err.message || CommerceMessages.orderUnknown);
          setPhase('error');
        } else again();
      }
    };
    timer = setTimeout(tick, PAY_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [order, phase, onVip]);

  return { current, phase, error, pendingPid, choose, close };
}
