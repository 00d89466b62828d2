import { Link } from 'react-router-dom';
import type { BlogPostSummary } from '@shop/contracts';
import { formatDate } from '@shop/format';
import { BLOG_PATH } from './blog-paths';

/** A post in lists: title as link, date, reading time, excerpt. */
export function BlogCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="content-blog-card" data-testid="blog-card">
      <Heading className="content-blog-card__title">
        <Link to={`${BLOG_PATH}/${post.slug}`}>{post.title}</Link>
      </Heading>
      <p className="content-blog-card__meta">
        <time dateTime={post.publishedAt}>{formatDate(new Date(post.publishedAt))}</time> · {post.readingMinutes} Min. Lesezeit
      </p>
      <p className="content-blog-card__excerpt">{post.excerpt}</p>
    </article>
  );
}
