// Booking REST calls (server/routes/booking.ts) and their TanStack Query options. The host's
// calls carry the session; the visitor's work signed out (a signed-in visitor's token is sent
// by the shared client, so the meeting also lands in their calendar).
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type {
  Booking,
  BookingInput,
  BookingPage,
  BookingPageInput,
  BookingReceipt,
  BookingStats,
  BookingTab,
  CancelView,
  PublicBookingPage,
  SlotList,
} from '../../../../server/contracts/booking';

export const bookingKeys = {
  all: ['booking'] as const,
  own: ['booking', 'own'] as const,
  list: (tab: BookingTab, page: number) => ['booking', 'own', 'list', tab, page] as const,
  stats: (group: 'week' | 'month') => ['booking', 'own', 'stats', group] as const,
  public: (slug: string) => ['booking', 'public', slug] as const,
  slots: (slug: string, from: string, to: string) =>
    ['booking', 'public', slug, 'slots', from, to] as const,
  cancel: (code: string) => ['booking', 'cancel', code] as const,
};

const enc = encodeURIComponent;

export const ownPageQuery = () =>
  queryOptions({
    queryKey: bookingKeys.own,
    queryFn: () => api.get('/api/booking/page').json<{ page: BookingPage | null }>(),
  });

export const savePage = (input: BookingPageInput) =>
  api.put('/api/booking/page', { json: input }).json<{ page: BookingPage }>();

export interface BookingListPage {
  bookings: Booking[];
  total: number;
  page: number;
  pageSize: number;
}

export const bookingsQuery = (tab: BookingTab, page: number) =>
  queryOptions({
    queryKey: bookingKeys.list(tab, page),
    queryFn: () =>
      api.get('/api/booking/bookings', { searchParams: { tab, page } }).json<BookingListPage>(),
  });

export const statsQuery = (group: 'week' | 'month') =>
  queryOptions({
    queryKey: bookingKeys.stats(group),
    queryFn: () => api.get('/api/booking/stats', { searchParams: { group } }).json<BookingStats>(),
  });

export const cancelAsHost = (id: string) =>
  api.post(`/api/booking/bookings/${enc(id)}/cancel`).json<{ booking: Booking }>();

export const publicPageQuery = (slug: string) =>
  queryOptions({
    queryKey: bookingKeys.public(slug),
    queryFn: () => api.get(`/api/booking/pages/${enc(slug)}`).json<{ page: PublicBookingPage }>(),
  });

export const slotsQuery = (slug: string, from: string, to: string) =>
  queryOptions({
    queryKey: bookingKeys.slots(slug, from, to),
    queryFn: () =>
      api
        .get(`/api/booking/pages/${enc(slug)}/slots`, { searchParams: { from, to } })
        .json<SlotList>(),
    staleTime: 30_000,
  });

export const bookSlot = (slug: string, input: BookingInput) =>
  api
    .post(`/api/booking/pages/${enc(slug)}/bookings`, { json: input })
    .json<{ booking: BookingReceipt }>();

export const cancelViewQuery = (code: string) =>
  queryOptions({
    queryKey: bookingKeys.cancel(code),
    queryFn: () =>
      api.get('/api/booking/cancel', { searchParams: { code } }).json<{ booking: CancelView }>(),
    retry: false,
  });

export const cancelWithCode = (code: string) =>
  api
    .post('/api/booking/cancel', { json: { code } })
    .json<{ booking: Pick<Booking, 'status' | 'start' | 'end'> }>();
