// One template for the four use-case landings (general, NFT, will & legacy, business): a hero,
// what you get, how it works, honest fine print, and the same two calls to action at top and
// bottom. Plain HTML and Tailwind only, to keep these pages light.
import type { ReactNode } from 'react';
import { PageMeta } from '@/components/page-meta';
import { CtaButtons } from './cta';
import { LandingSection, NumberedSteps } from './landing-sections';
import { i18n } from '@/lib/i18n/i18n';

export interface UseCaseContent {
  slug: string;
  metaTitle: string;
  metaDescription: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  benefits: { title: string; text: ReactNode }[];
  steps: { title: string; text: ReactNode }[];
  finePrint: ReactNode[];
  tagLabel?: string;
}

export function UseCaseLanding({ content }: { content: UseCaseContent }) {
  return (
    <div>
      <PageMeta title={content.metaTitle} description={content.metaDescription} />
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{content.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {content.title}
          </h1>
          <div className="mt-5 max-w-2xl text-lg text-slate-700">{content.intro}</div>
          <div className="mt-8">
            <CtaButtons from={content.slug} tagLabel={content.tagLabel} />
          </div>
        </div>
      </section>

      <LandingSection id="benefits" title={i18n._('What you get')} width="5xl">
        <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {content.benefits.map((b) => (
            <li key={b.title} className="rounded-lg border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-slate-900">{b.title}</h3>
              <p className="mt-2 text-slate-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="how" title={i18n._('How it works')} width="5xl" band>
        <NumberedSteps
          steps={content.steps}
          columns="sm:grid-cols-3"
          cardClassName="rounded-lg bg-white p-5 shadow-sm"
        />
      </LandingSection>

      <LandingSection id="fine-print" title={i18n._('Good to know')} width="5xl">
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          {content.finePrint.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
        <div className="mt-10 rounded-xl bg-blue-600 p-8 text-white">
          <p className="text-xl font-semibold">{i18n._('Ready when you are.')}</p>
          <p className="mt-1 text-blue-100">
            {i18n._('Sign up, confirm your e-mail, and you land straight on the tagging page.')}
          </p>
          <div className="mt-5 [&_a]:border-white">
            <CtaButtons from={content.slug} tagLabel={content.tagLabel} />
          </div>
        </div>
      </LandingSection>
    </div>
  );
}
