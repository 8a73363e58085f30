import slugify from 'slugify';
import { SLUG_MAX } from '../domain/slug.js';

/**
 * The base slug of a title: transliterated lower-case ASCII words joined by `-`, at most 48 characters, never
 * empty. Transliteration is the `slugify` library's, so it lives here rather than in the (dependency-free) domain.
 */
export function baseSlug(title: string): string {
  const s = slugify(title, { lower: true, strict: true, trim: true, locale: 'en' })
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return s.length > 0 ? s : 'page';
}
