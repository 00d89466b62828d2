import type { Connection } from 'mongoose';
import { mediaUsageRoute } from '@shop/service-kit';
import { productModel } from '../products/product.model';

/**
 * `GET /internal/media-usage?assetId=` (service-kit `mediaUsageRoute`): the products, active or
 * not, whose images include a width of a media library image.
 */
export const mediaUsageRoutes = (db: Connection) =>
  mediaUsageRoute(async (prefix) => {
    const products = await productModel(db)
      .find({ images: { $regex: `^${prefix}` } }, { name: 1 })
      .lean();
    return products.map((product) => ({ kind: 'product' as const, id: String(product._id), label: product.name }));
  });
