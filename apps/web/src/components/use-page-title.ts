import { useEffect } from 'react';
import { documentTitle, type PageMeta } from './page-meta';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A public page: its title and its description (the prerendered head has both; keep them right after navigation). */
export function usePageMeta({ title, description }: PageMeta): void {
  usePageTitle(title);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
