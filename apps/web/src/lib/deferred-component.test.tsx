import { act, Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component';

// React warns unless told that updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A download the test finishes (or fails) when it chooses. */
function download<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Catch extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

const containers: HTMLElement[] = [];
function mount(node: ReactNode) {
  const el = document.createElement('div');
  document.body.append(el);
  containers.push(el);
  // An error an error boundary caught is the test's to check, not React's to log.
  const root = createRoot(el, { onCaughtError: () => {} });
  return { el, render: () => act(async () => root.render(node)) };
}
afterEach(() => {
  for (const el of containers.splice(0)) el.remove();
});

describe('deferredComponent', () => {
  it('keeps its placeholder while the code loads, then shows the component with its props', async () => {
    const code = download<typeof Greeting>();
    let loads = 0;
    const Deferred = deferredComponent(
      () => {
        loads++;
        return code.promise;
      },
      <span data-testid="placeholder" />,
    );
    const { el, render } = mount(
      <>
        <Deferred name="Ada" />
        <Deferred name="Grace" />
      </>,
    );
    await render();
    expect(el.innerHTML).toBe('<span data-testid="placeholder"></span><span data-testid="placeholder"></span>');
    await act(async () => code.finish(Greeting));
    expect(el.textContent).toBe('Hello AdaHello Grace');
    // Two places, one download.
    expect(loads).toBe(1);
  });

  it('never shows its placeholder when the code was preloaded', async () => {
    const placeholders: string[] = [];
    function Placeholder() {
      placeholders.push('shown');
      return null;
    }
    const Deferred = deferredComponent(() => Promise.resolve(Greeting), <Placeholder />);
    await Deferred.preload();
    const { el, render } = mount(<Deferred name="Ada" />);
    await render();
    expect(el.textContent).toBe('Hello Ada');
    expect(placeholders).toEqual([]);
  });

  it('hands a failed download to the nearest error boundary, and tries again next time', async () => {
    const first = download<typeof Greeting>();
    let attempt = 0;
    const Deferred = deferredComponent(() => (++attempt === 1 ? first.promise : Promise.resolve(Greeting)));
    const { el, render } = mount(
      <Catch>
        <Deferred name="Ada" />
      </Catch>,
    );
    await render();
    await act(async () => first.fail(new Error('chunk missing')));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: chunk missing');
    await expect(Deferred.preload()).resolves.toBe(Greeting);
    expect(attempt).toBe(2);
  });
});
