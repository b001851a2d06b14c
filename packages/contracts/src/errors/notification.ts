/** Error codes of the notification service (in-app notifications, preferences, newsletter). */
export const NotificationErrorCode = {
  notificationNotFound: 'notificationNotFound',
  newsletterTokenInvalid: 'newsletterTokenInvalid',
  newsletterEmailRequired: 'newsletterEmailRequired',
  notificationTypeNotConfigurable: 'notificationTypeNotConfigurable',
} as const;
export type NotificationErrorCode = (typeof NotificationErrorCode)[keyof typeof NotificationErrorCode];
