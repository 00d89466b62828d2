import type { Connection } from 'mongoose';
import type { StockLine } from '@shop/contracts';
import { isDuplicateKeyError } from '@shop/service-kit';
import { productModel } from '../products/product.model';
import { stockReservationModel } from './stock-reservation.model';

export type ReservationOutcome = { status: 'reserved' } | { status: 'failed'; failedProductId: string } | { status: 'released' };

/**
 * Takes one line out of stock with one conditional update: it only matches while the product
 * is active and enough is left, so stock never goes below zero, also under concurrency (no
 * transactions needed). Untracked stock (null) only counts the sale.
 */
async function takeLine(db: Connection, line: StockLine): Promise<boolean> {
  const Product = productModel(db);
  const tracked = await Product.updateOne(
    { _id: line.productId, isActive: true, stock: { $gte: line.quantity } },
    { $inc: { stock: -line.quantity, salesCount: line.quantity } },
  );
  if (tracked.modifiedCount === 1) return true;
  const untracked = await Product.updateOne({ _id: line.productId, isActive: true, stock: null }, { $inc: { salesCount: line.quantity } });
  return untracked.modifiedCount === 1;
}

async function giveBack(db: Connection, line: StockLine): Promise<void> {
  await productModel(db).updateOne(
    { _id: line.productId, stock: { $ne: null } },
    { $inc: { stock: line.quantity, salesCount: -line.quantity } },
  );
  await productModel(db).updateOne({ _id: line.productId, stock: null }, { $inc: { salesCount: -line.quantity } });
}

/**
 * Reserves stock for all lines of an order, or for none: lines are taken one after
 * the other; when one cannot be taken, the lines already taken are given back (compensation).
 * Idempotent by `reservationId`: a repeated call returns the first call's outcome without
 * touching stock again.
 */
export async function reserveStock(db: Connection, reservationId: string, lines: StockLine[]): Promise<ReservationOutcome> {
  const Reservation = stockReservationModel(db);
  try {
    await Reservation.create({ _id: reservationId, status: 'pending', lines });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await Reservation.findById(reservationId).lean();
    if (existing?.status === 'failed') return { status: 'failed', failedProductId: String(existing.failedProductId) };
    if (existing?.status === 'released') return { status: 'released' };
    return { status: 'reserved' };
  }
  const taken: StockLine[] = [];
  for (const line of lines) {
    if (await takeLine(db, line)) {
      taken.push(line);
      continue;
    }
    for (const done of taken) await giveBack(db, done);
    await Reservation.updateOne({ _id: reservationId, status: 'pending' }, { $set: { status: 'failed', failedProductId: line.productId } });
    return { status: 'failed', failedProductId: line.productId };
  }
  const reserved = await Reservation.updateOne({ _id: reservationId, status: 'pending' }, { $set: { status: 'reserved' } });
  if (reserved.modifiedCount === 1) return { status: 'reserved' };
  // Released while the lines were being taken (the caller gave up waiting): give them back.
  for (const done of taken) await giveBack(db, done);
  return { status: 'released' };
}

/**
 * Gives a reservation's stock back once (an order that was cancelled or failed later). Safe
 * whenever the caller lost the answer of `reserveStock`: a reservation still being taken is
 * marked released (the taking call then gives its lines back), and one that has not arrived yet
 * gets a 'released' marker, so it is never applied.
 */
export async function releaseStock(db: Connection, reservationId: string): Promise<'released' | 'not-reserved'> {
  const Reservation = stockReservationModel(db);
  const reservation = await Reservation.findOneAndUpdate(
    { _id: reservationId, status: { $in: ['reserved', 'pending'] } },
    { $set: { status: 'released' } },
  ).lean();
  if (!reservation) {
    try {
      await Reservation.create({ _id: reservationId, status: 'released', lines: [] });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // failed or released before: nothing to give back
    }
    return 'not-reserved';
  }
  if (reservation.status === 'pending') return 'released';
  for (const line of reservation.lines) await giveBack(db, line);
  return 'released';
}
