import { UseCaseLanding } from '../components/use-case-landing';
import { productName } from '../components/product-name';

export default function NftTaggingPage() {
  const name = productName();
  return (
    <UseCaseLanding
      content={{
        slug: 'nft-tagging',
        metaTitle: `Record your digital art and NFTs — ${name}`,
        metaDescription: `Keep a fingerprinted, dated record of your digital artworks and NFTs — file, token details and provenance — with ${name}. No minting, no gas fees.`,
        eyebrow: 'Digital assets and NFTs',
        title: 'Keep the provenance of your digital work, off-chain and under your control',
        intro: (
          <p>
            Upload the original file of a digital artwork, or the details of an NFT you hold (collection, token id, contract
            address, marketplace link). {name} fingerprints the file and records it with a date, so you can show what you had and
            when.
          </p>
        ),
        benefits: [
          { title: 'Fingerprint the original', text: 'A SHA-256 hash of the exact file proves later whether a copy is identical.' },
          { title: 'Provenance notes', text: 'Record where and when you created or bought the work, and the on-chain identifiers if any.' },
          { title: 'No minting, no fees', text: `${name} writes nothing to a public blockchain and charges no gas; a tag costs a few TMT credits.` },
          { title: 'Private or public', text: 'Show a work in the public gallery, or keep it private.' },
          { title: 'Legacy', text: 'Name next of kin so your collection is not lost with your keys.' },
          { title: 'Yours to take away', text: 'Export your records as JSON whenever you want.' },
        ],
        steps: [
          { title: 'Sign up', text: 'Confirm your e-mail; your wallet starts with a sign-up bonus.' },
          { title: 'Tag the work', text: 'Upload the file or a screenshot and add the token details in the description.' },
          { title: 'Point to it', text: 'Link to the asset page from your portfolio or marketplace listing if you make it public.' },
        ],
        finePrint: [
          `${name} does not mint, hold or transfer NFTs and never asks for your wallet keys or seed phrase.`,
          'The ledger is tamper-evident (hash-chained and signed) but stored by the operator, not on a public network.',
          'TMT is an in-app credit, not a cryptocurrency.',
        ],
      }}
    />
  );
}
