export interface TestSendView {
  delivered: boolean;
  status_code: number | null;
  error: string | null;
}
