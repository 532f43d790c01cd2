/** How a moment reads in the app: "Nov 22, 4:05 PM" (the user's time zone). */
export const formatDateTime = (at: string) =>
  new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
