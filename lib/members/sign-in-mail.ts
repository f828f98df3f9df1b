import { type MailBrand, renderMail } from '@/lib/mail';

/** The sign-in message: the code to type and the link to follow, both good for 10 minutes, once. */
export function signInMail(brand: MailBrand, { code, link }: { code: string; link: string }) {
  return renderMail(brand, {
    subject: `Your sign-in code for ${brand.name}: ${code}`,
    heading: `Sign in to ${brand.name}`,
    paragraphs: [
      'Type this code on the sign-in page, or use the button below. Both work once, for the next 10 minutes.',
    ],
    code,
    button: { label: 'Sign in', url: link, secret: true },
    footer: [
      'You get this message because someone asked to sign in with this address. If it was not you, ignore it: nothing happens without the code or the link.',
    ],
  });
}
