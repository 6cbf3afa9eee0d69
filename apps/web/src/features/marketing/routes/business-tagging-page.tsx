import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';

export default function BusinessTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'business-tagging',
        metaTitle: `Product verification and inventory for businesses — ${name}`,
        metaDescription: `Register your products by serial number so any customer can verify them, and keep a fingerprinted inventory — with a ${name} business account.`,
        eyebrow: 'For businesses',
        title: 'Let customers check that your product is genuine',
        intro: (
          <p>
            Register each product with its serial number. Anyone can then open its verification page — from a link or a QR code on
            the packaging — and see that the serial was registered by your business. Keep your stock and equipment on record too.
          </p>
        ),
        benefits: [
          { title: 'Serial-number verification', text: 'A public page per serial number; no app needed by your customers.' },
          { title: 'QR codes', text: 'Generated locally, ready to print on labels or packaging.' },
          { title: 'Inventory', text: 'Tag equipment and stock with photos, documents and fingerprints.' },
          { title: 'Reviewed accounts', text: 'Business accounts are approved by an administrator, so verification means something.' },
          { title: 'Your data stays yours', text: 'Hosted by the operator, exportable, and covered by our Data Processing Agreement.' },
          { title: 'No trackers', text: 'Your customers are not tracked when they verify a product.' },
        ],
        steps: [
          { title: 'Create an account', text: 'Sign up and confirm your e-mail.' },
          { title: 'Request business access', text: 'Tell us about your business on the business accounts page; an administrator reviews it.' },
          { title: 'Register products', text: 'Add serial numbers and print their QR codes.' },
        ],
        finePrint: [
          'Verification shows that a serial was registered by your account; it does not inspect the physical item.',
          'Business access is granted by review, not bought.',
        ],
        tagLabel: 'Tag inventory',
      }}
    />
  );
}
