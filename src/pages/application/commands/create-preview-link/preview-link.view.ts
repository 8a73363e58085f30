/** A draft preview link as the API returns it (operation 23). */
export interface PreviewLinkView {
  object: 'preview_link';
  page_id: string;
  url: string;
  expires_at: string;
}
