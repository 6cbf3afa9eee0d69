// The parts the home page (routes/landing-page.tsx) and the use-case landings
// (use-case-landing.tsx) are built of: a titled section across the page, on white or on a grey
// band, and the numbered steps of "How it works". The pages differ in width, texts and grids.
import type { ReactNode } from 'react';

/** The home page is wider (6xl) than a use-case landing (5xl). */
const WIDTH = { '5xl': 'max-w-5xl', '6xl': 'max-w-6xl' } as const;

export function LandingSection(props: {
  id: string;
  title: string;
  width: keyof typeof WIDTH;
  /** On a grey band across the whole page, its content kept to the width. */
  band?: boolean;
  children: ReactNode;
}) {
  const frame = `mx-auto ${WIDTH[props.width]} px-4 py-12`;
  const content = (
    <>
      <h2 id={props.id} className="text-2xl font-bold text-slate-900">
        {props.title}
      </h2>
      {props.children}
    </>
  );
  return props.band ? (
    <section aria-labelledby={props.id} className="bg-slate-50">
      <div className={frame}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={props.id} className={frame}>
      {content}
    </section>
  );
}

export function NumberedSteps(props: {
  steps: { title: string; text: ReactNode }[];
  /** The grid's columns from some width on. */
  columns: string;
  /** Each step's card. */
  cardClassName: string;
}) {
  return (
    <ol className={`mt-6 grid grid-cols-1 gap-5 ${props.columns}`}>
      {props.steps.map((s, i) => (
        <li key={s.title} className={props.cardClassName}>
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
          >
            {i + 1}
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
          <p className="mt-1 text-slate-700">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
