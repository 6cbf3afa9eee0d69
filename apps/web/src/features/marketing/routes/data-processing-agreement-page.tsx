import { Bullets, FactTable, Section, TextLink, TextPage } from '../components/page-shell';
import { productName, supportEmail } from '../components/product-name';
import { dataInventory } from '../content/data-inventory';
import { LEGAL_UPDATED } from '../content/updated';

export default function DataProcessingAgreementPage() {
  const name = productName();
  const mail = supportEmail();
  return (
    <TextPage
      title="Data Processing Agreement"
      description={`The terms under which ${name} processes personal data for business customers who register products and inventory.`}
      lead={`For business users who register products on ${name}, the operator acts as a processor for the personal data in those records.`}
      updated={LEGAL_UPDATED}
    >
      <Section title="1. Scope">
        <p>
          This agreement applies when a business user stores data about other people on {name} — for example a contact name in
          a product description, or staff names in inventory notes. For that data the business is the controller and the
          operator of {name} is the processor. For the business user's own account data, the operator is the controller under
          the <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
        </p>
      </Section>

      <Section title="2. What is processed">
        <FactTable caption="Categories of data" head={['Category', 'Content']} rows={dataInventory.map((d) => [d.what, d.detail])} />
      </Section>

      <Section title="3. Processor obligations">
        <Bullets
          items={[
            'Process the data only to provide the service and on the business user\'s documented instructions (the actions taken in the app).',
            'Keep it on the operator\'s own server (database and file storage); use no sub-processors other than the mail provider that delivers account e-mails.',
            'Restrict access to administrators of the installation, who are bound to confidentiality.',
            'Apply the security measures described on the GDPR page: row-level security in the database, hashed passwords, optional two-factor authentication, signed hash-chained records and rate limits.',
            'Help the business answer data-subject requests: data can be exported and deleted from the app at any time.',
            'Report any personal-data breach to the business without undue delay.',
          ]}
        />
      </Section>

      <Section title="4. Deletion at the end of the service">
        <p>
          When the business deletes its account, its records and stored files are deleted at once. Operator backups are
          overwritten on the operator's normal backup schedule.
        </p>
      </Section>

      <Section title="5. Audits and contact">
        <p>
          Businesses may request information needed to demonstrate compliance by writing to{' '}
          <TextLink to={`mailto:${mail}`}>{mail}</TextLink>.
        </p>
      </Section>
    </TextPage>
  );
}
