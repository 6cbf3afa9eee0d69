import { Bullets, Section, TextLink, TextPage } from '../components/page-shell';
import { productName } from '../components/product-name';

export default function AboutUsPage() {
  const name = productName();
  return (
    <TextPage
      title={`About ${name}`}
      description={`Why ${name} exists: simple, private, verifiable records of the things people own and the products businesses make.`}
      lead="Proof of ownership should not need a notary, a shoebox of receipts or a public blockchain."
    >
      <Section title="What we build">
        <p>
          {name} is a web app for registering belongings and products. You photograph or upload what you own, we fingerprint the
          files and record them in a tamper-evident ledger, and you decide who may see them: nobody, your next of kin, or
          everyone. Businesses register serial numbers so their customers can check that a product is genuine.
        </p>
      </Section>

      <Section title="What we believe">
        <Bullets
          items={[
            'Your records are yours: export them whenever you like, delete them whenever you like.',
            'Privacy by default: assets are private until you make them public, and the app loads nothing from third parties.',
            'Security lives on the server: what you may do is decided by the database, not by the page in your browser.',
            'Plain words: TMT is an in-app credit, not a coin; our ledger is tamper-evident, not a public blockchain.',
          ]}
        />
      </Section>

      <Section title="How it is built">
        <p>
          {name} is a single web server with a PostgreSQL database. It can run on one machine or several, and every part of it —
          accounts, data, files and the ledger — stays under the operator's control. Read more in the{' '}
          <TextLink to="/documentation">Documentation</TextLink>.
        </p>
      </Section>

      <Section title="Get involved">
        <p>
          Suggest features in the <TextLink to="/dao">community</TextLink> section, see <TextLink to="/careers">Careers</TextLink>,
          or reach us through <TextLink to="/support">Support</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
