import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** Links inside server HTML (a post, a legal text) that stay in the shop navigate without a reload. */
export function useShopLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const href = (event.target as HTMLElement).closest('a')?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    navigate(href);
  };
}
