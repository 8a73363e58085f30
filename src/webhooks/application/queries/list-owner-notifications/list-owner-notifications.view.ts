export interface OwnerNotificationView {
  id: string;
  kind: string;
  subject: string;
  data: unknown;
  created_at: string;
}
