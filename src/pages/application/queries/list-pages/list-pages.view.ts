export interface PageSummaryView {
  id: string;
  title: string;
  slug: string;
  status: string;
  block_count: number;
  public_url: string | null;
  updated_at: string;
  /** when a scheduled publish will copy the draft live; null when none is pending */
  scheduled_for: string | null;
}
