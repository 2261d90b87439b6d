import type { Tx } from '../../db/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { isOrderable, listingsRepository, publicDataOf } from '../listings/index.ts';
import { seatsFor } from './transactions.availability.ts';
import * as repo from './transactions.repository.ts';

/**
 * The availability plan and the seller's exceptions give the seats of the
 * range; the bookings that already hold it take theirs. The listing row is
 * locked first, so two placements for the last seat run one after the other.
 */
export async function assertTimeAvailable(tx: Tx, listing: Pick<listingsRepository.ListingRow, 'id' | 'availabilityPlan'>, start: Date, end: Date) {
  const exceptions = await repo.exceptionsOverlapping(tx, listing.id, start, end);
  if (!listing.availabilityPlan && !exceptions.length) return;
  await repo.lockListing(tx, listing.id);
  const seats = seatsFor(listing.availabilityPlan, exceptions, start, end);
  if (seats === null) return;
  const booked = await repo.overlappingBookings(tx, listing.id, start, end);
  if (booked >= seats) throw new AppError('transaction-booking-time-not-available', 409, { seats, booked });
}

/**
 * An order after an enquiry is placed now: the listing must still be
 * orderable (and offer online payment for that way), and the enquired time
 * must still be free.
 */
export async function assertOrderableAfterEnquiry(tx: Tx, row: { listingId: string; bookingStart: Date; bookingEnd: Date }, online: boolean, now: Date) {
  const listing = await listingsRepository.findRow(tx, row.listingId);
  if (!listing || !isOrderable(listing, now.getTime())) throw new AppError('transaction-listing-not-found', 404);
  if (online && !publicDataOf(listing).allowOnlinePayment) throw new AppError('validation-invalid-value', 409, { reason: 'onlinePaymentNotAllowed' });
  await assertTimeAvailable(tx, listing, row.bookingStart, row.bookingEnd);
}
