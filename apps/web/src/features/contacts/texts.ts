export const contactTexts = {
  title: 'Contactpersonen',
  empty: 'Er zijn nog geen contactpersonen.',
  chat: 'Chat',
  chatWith: (name: string) => `Chat met ${name}`,
  email: 'E-mail',
  mobile: 'Mobiel',
  phone: 'Telefoon',
} as const;
