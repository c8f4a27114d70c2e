export const contactTexts = {
  title: 'Contactpersonen',
  empty: 'Er zijn nog geen contactpersonen.',
  chat: 'Chat',
  chatWith: (name: string) => `Chat met ${name}`,
  logoOf: (name: string) => `Logo van de organisatie van ${name}`,
  email: 'E-mail',
  mobile: 'Mobiel',
  phone: 'Telefoon',
} as const;
