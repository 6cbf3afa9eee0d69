import { Link } from 'react-router';
import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { buttonClasses, CtaButtons } from '../components/cta';
import { productName } from '../components/product-name';

export default function LaunchPage() {
  const name = productName();
  return (
    <TextPage
      title={`${name} is live`}
      description={`What you can do with ${name} today, what TMT credits are (an in-app credit, not a cryptocurrency), and how to get started.`}
      lead="Own it. Prove it. Share it. Everything below works today — no waiting list, no token sale."
    >
      <CtaButtons from="launch" />

      <Section title="What you can do today">
        <Bullets
          items={[
            'Tag belongings, digital works and documents with photos, video or PDF, each file fingerprinted with SHA-256.',
            'Keep assets private or publish them in the public gallery.',
            'Name your next of kin.',
            'Verify any registered product by its serial number; businesses can request an account to register their own.',
            'Invite friends with your referral link and QR code, and earn TMT when they join.',
            'Export or delete all your data yourself.',
          ]}
        />
      </Section>

      <Section title="About TMT">
        <p>
          TMT is the credit you use inside {name}. You receive a sign-up bonus when you confirm your e-mail, earn more through
          referrals, and spend it when you tag an asset (the cost is shown before you confirm). Every movement is recorded in your
          wallet, and balances can only change through the server's ledger.
        </p>
        <p className="rounded-md bg-amber-50 p-4 text-amber-900">
          TMT is <strong>not</strong> a cryptocurrency, is not sold, and cannot be exchanged for money. There is no token sale and
          there never was an ICO. Anyone offering to sell you TMT is not us.
        </p>
      </Section>

      <Section title="Spread the word">
        <p>
          Your <TextLink to="/referrals">Referrals</TextLink> page builds links to each of our landing pages with your code in them,
          and a QR code you can print. Influencers can sign up through the influencer sign-up page.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/influencer-signup" className={buttonClasses.secondary}>
            Influencer sign-up
          </Link>
          <Link to="/public-assets" className={buttonClasses.secondary}>
            See public assets
          </Link>
        </div>
      </Section>

      <Section title="What comes next">
        <p>
          We announce new features in the News section, and you can propose your own — see <TextLink to="/dao">Community</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
