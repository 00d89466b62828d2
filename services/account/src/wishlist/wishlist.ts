import type { Connection } from 'mongoose';
import { WISHLIST_MAX_ITEMS, type WishlistItem } from '@shop/contracts';
import type { CatalogReader } from '@shop/catalog-client';
import { ConflictError, isDuplicateKeyError, NotFoundError } from '@shop/service-kit';
import { wishlistItemModel, type WishlistItemRecord } from './wishlist-item.model';

/**
 * Customers' wishlists (spec §4 'Wishlist', §7 /api/wishlist). Product data is read
 * from the catalog's internal API at every read, so prices and stock are current; products that
 * vanished or were taken out of the range stay on the list as unavailable.
 */
export class Wishlists {
  constructor(
    private readonly db: Connection,
    private readonly catalog: CatalogReader,
  ) {}

  private get model() {
    return wishlistItemModel(this.db);
  }

  /** The user's items, newest first, with the catalogue's current data. @throws CatalogUnavailableError (503). */
  async list(userId: string): Promise<WishlistItem[]> {
    const records = await this.records(userId);
    const products = await this.catalog.productsById(records.map((record) => record.productId));
    return records.map((record) => {
      const product = products.get(record.productId) ?? null;
      return {
        id: String(record._id),
        productId: record.productId,
        addedAt: record.createdAt.toISOString(),
        available: product !== null && product.isActive,
        product,
      };
    });
  }

  /** The stored items alone (no catalog call), newest first: for the data export and the hearts' status. */
  async records(userId: string): Promise<WishlistItemRecord[]> {
    return this.model.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean<WishlistItemRecord[]>();
  }

  /**
   * Adds a product unless it is already there (then nothing changes; a parallel add of the same
   * product is refused by the unique index and ends the same way).
   * @throws NotFoundError (404) for a product the catalog does not know; ConflictError (409) when
   *   the wishlist holds WISHLIST_MAX_ITEMS already; CatalogUnavailableError (503).
   */
  async add(userId: string, productId: string): Promise<void> {
    const id = productId.toLowerCase();
    if (await this.model.exists({ userId, productId: id })) return;
    const product = (await this.catalog.productsById([id])).get(id);
    if (!product) throw new NotFoundError('Produkt nicht gefunden.');
    if ((await this.model.countDocuments({ userId })) >= WISHLIST_MAX_ITEMS)
      throw new ConflictError(`Ihre Wunschliste ist voll: Sie kann höchstens ${WISHLIST_MAX_ITEMS} Produkte enthalten.`);
    try {
      await this.model.create({ userId, productId: id });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Removes one of the user's items. @throws NotFoundError (404) for an id that is not on this user's list. */
  async remove(userId: string, itemId: string): Promise<void> {
    const { deletedCount } = /^[0-9a-f]{24}$/i.test(itemId) ? await this.model.deleteOne({ _id: itemId, userId }) : { deletedCount: 0 };
    if (deletedCount === 0) throw new NotFoundError('Dieser Artikel ist nicht auf Ihrer Wunschliste.');
  }

  /**
   * The heart's toggle (spec §4 'Wishlist: toggle adds if absent, removes if present'): one
   * delete decides, so two toggles at once cannot both remove; a second add is absorbed by add().
   * @returns what happened. @throws as add() when adding.
   */
  async toggle(userId: string, productId: string): Promise<'added' | 'removed'> {
    const id = productId.toLowerCase();
    const { deletedCount } = await this.model.deleteOne({ userId, productId: id });
    if (deletedCount > 0) return 'removed';
    await this.add(userId, id);
    return 'added';
  }

  /** Deletes the whole list (account deletion). */
  async eraseOf(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }
}
