export interface PageSummaryView {
  id: string;
  title: string;
  slug: string;
  status: string;
  block_count: number;
  public_url: string | null;
  updated_at: string;
}
