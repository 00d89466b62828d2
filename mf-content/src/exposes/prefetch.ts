import type { PageId } from '@shop/routes';
import type { RemotePrefetch } from '@shop/shell-api';
import { contentQueries } from '../api/content-queries';
import { contactApi, contactFormKey } from '../api/contact-api';
import { blogListPosition } from '../features/blog/blog-paths';
import { INFORMATION_PAGES } from '../features/pages/information-page';

/**
 * The data of each content page's first screen, for the server renderer: the same
 * queryOptions the screens read, so the browser finds them in the HTML's state. Server build
 * only (webpack.config.ts `server.exposes`). The contact page reads the answer of its form sent
 * without JavaScript (the entries with the German errors by field, or the receipt) once as the
 * visitor: its route is `sessionRendered` (`sessionFetch`: the visitor's cookies, through the
 * gateway, whose HTML then goes out `private, no-store`). The newsletter link pages need no data.
 */
const prefetch: RemotePrefetch = async ({ page, params, search, queryClient, sessionFetch }) => {
  const id = page as PageId<'content'>;
  if (id === 'contact') {
    if (sessionFetch)
      await queryClient.prefetchQuery({ queryKey: contactFormKey, queryFn: () => contactApi.formOutcome({ fetchImpl: sessionFetch }) });
  } else if (id === 'blog-list') {
    const { page: listPage, category } = blogListPosition(search);
    await Promise.all([
      queryClient.prefetchQuery(contentQueries.blogCategories()),
      queryClient.prefetchQuery(contentQueries.blogList(listPage, category)),
    ]);
  } else if (id === 'blog-post') {
    const post = await queryClient.fetchQuery(contentQueries.blogPost(params.slug ?? '')).catch(() => null);
    if (post?.categorySlug) await queryClient.prefetchQuery(contentQueries.categoryProducts(post.categorySlug));
  } else if (id === 'custom-page') {
    await queryClient.prefetchQuery(contentQueries.page(params.slug ?? ''));
  } else if (id in INFORMATION_PAGES) {
    await queryClient.prefetchQuery(contentQueries.page(INFORMATION_PAGES[id as keyof typeof INFORMATION_PAGES].slug));
  }
};

export default prefetch;
