import type { ReactNode } from 'react';
import { TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

function Qa(props: { q: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white p-4 open:shadow-sm">
      <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden focus-visible:outline-2 focus-visible:outline-blue-600">
        {props.q}
      </summary>
      <div className="mt-2 space-y-2 text-slate-800">{props.children}</div>
    </details>
  );
}

export default function FaqPage() {
  const name = productName();
  return (
    <TextPage
      title={i18n._('Frequently Asked Questions')}
      description={i18n._(
        'Answers about {name}: what tagging is, what TMT tokens are, how private your assets are, and how to export or delete your data.',
        { name },
      )}
    >
      <div className="space-y-3">
        <Qa q={i18n._('What is {name}?', { name })}>
          <p>
            {i18n._(
              'A place to register the things you own — a bike, a laptop, a painting, a digital artwork, a family heirloom — with photos, videos or documents, so you can prove later what you had and when, pass it on to next of kin, or let buyers verify a product by its serial number.',
            )}
          </p>
        </Qa>
        <Qa q={i18n._('What does tagging an asset do?')}>
          <p>
            {i18n._(
              'It stores your files and a description, computes a SHA-256 fingerprint of each file, and records the asset with a timestamp in a signed, hash-chained ledger. If a file or record were changed afterwards, the fingerprints would no longer match.',
            )}
          </p>
        </Qa>
        <Qa q={i18n._('Is this a blockchain?')}>
          <p>
            {i18n._(
              "No. The ledger uses the same idea as a blockchain (each entry includes the hash of the previous one, and entries are signed), but it is stored in the operator's database, not on a public network. That is why you can delete your data.",
            )}
          </p>
        </Qa>
        <Qa q={i18n._('What are TMT tokens?')}>
          <p>
            {i18n._(
              'An in-app credit. You get a sign-up bonus, earn more through referrals, and spend them to tag assets. TMT is not a cryptocurrency and cannot be exchanged for money. Every movement appears in your',
            )}{' '}
            <TextLink to={paths.wallet}>{i18n._('wallet')}</TextLink>.
          </p>
        </Qa>
        <Qa q={i18n._('Who can see my assets?')}>
          <p>
            {i18n._('Only you, unless you mark an asset public. Public assets appear in')}{' '}
            <TextLink to={paths.publicAssets}>{i18n._('Public Assets')}</TextLink>{' '}
            {i18n._('without your e-mail address.')}
          </p>
        </Qa>
        <Qa q={i18n._('How do referrals work?')}>
          <p>
            {i18n._('Your')} <TextLink to={paths.referrals}>{i18n._('Referrals')}</TextLink>{' '}
            {i18n._(
              'page has your code and ready-made links. When someone signs up through your link and confirms their e-mail, you earn TMT, and so do the people above you in the chain — five levels in all, once per new member. The new member gets the usual sign-up bonus.',
            )}
          </p>
        </Qa>
        <Qa q={i18n._('What are next of kin for?')}>
          <p>
            {i18n._(
              'They are the people who receive the assets you choose for them if something happens to you. Only you see the list. When you invite someone, we e-mail them and they accept or decline. If you switch on the inactivity switch and stop signing in, we remind you first; after the period and its grace days, or after an early request you did not refuse, we tell those who accepted and give them what you chose, including ownership if you allowed it.',
            )}
          </p>
        </Qa>
        <Qa q={i18n._('How do I verify a product?')}>
          <p>
            {i18n._('Open the verification link or QR code on the product, or go to')} <code>{i18n._('/verify/')}</code>{' '}
            {i18n._('followed by the serial number. The page shows whether a business registered that serial.')}
          </p>
        </Qa>
        <Qa q={i18n._('How do I get a business account?')}>
          <p>
            {i18n._('Sign in and request one on the')}{' '}
            <TextLink to={paths.businessUpgrade}>{i18n._('business accounts')}</TextLink>{' '}
            {i18n._('page; an administrator reviews it.')}
          </p>
        </Qa>
        <Qa q={i18n._('Can I export or delete my data?')}>
          <p>
            {i18n._(
              'Yes, both from Settings. The export is a JSON file with everything we hold about you; deletion removes your account and all stored files immediately.',
            )}
          </p>
        </Qa>
        <Qa q={i18n._('Do you use cookies or trackers?')}>
          <p>
            {i18n._(
              "No tracking cookies and no third-party scripts. Your sign-in session is kept in your browser's localStorage. See the",
            )}{' '}
            <TextLink to={paths.cookiePolicy}>{i18n._('Cookie Policy')}</TextLink>.
          </p>
        </Qa>
        <Qa q={i18n._('How do I turn on two-factor authentication?')}>
          <p>
            {i18n._(
              'Settings → Two-factor authentication: scan the QR code with an authenticator app and enter the 6-digit code. From then on, signing in asks for a code too.',
            )}
          </p>
        </Qa>
      </div>
    </TextPage>
  );
}
