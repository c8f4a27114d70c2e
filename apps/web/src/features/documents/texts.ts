export const documentTexts = {
  title: 'Documenten',
  empty: 'Er zijn nog geen documenten.',
  loadMore: 'Meer documenten laden',
  download: 'Download',
  downloadOf: (name: string) => `Download ${name}`,
  fetched: 'Gedownload',
  notFetched: 'Nieuw',
  date: 'Datum',
  type: 'Soort',
  sentBy: 'Verstuurd via',
  /** How a document was sent, by method type; unknown types are shown as they come. */
  method: { email: 'e-mail', post: 'post', sms: 'sms', portal: 'portaal' } as Record<string, string>,
} as const;
