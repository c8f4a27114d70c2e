import { PrivacyPage } from '../../features/privacy/privacy-page';

/** The customer's privacy page (issue 20), public: /privacy and the default privacy link /privacyverklaring. */
export default function PrivacyRoute() {
  return <PrivacyPage />;
}
