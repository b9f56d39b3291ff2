import { homeContent } from '../../content/home';
import { useContent } from '../../content/use-content';

export function ClientsSection() {
  const { clients } = useContent(homeContent);
  return (
    <section
      id={clients.id}
      aria-labelledby="clients-heading"
      className="defer-render border-b border-slate-200 bg-white py-14"
    >
      <div className="container-page text-center">
        <p className="text-sm font-semibold tracking-widest text-gold-700 uppercase">
          {clients.eyebrow}
        </p>
        <h2 id="clients-heading" className="font-display mt-2 text-2xl font-bold sm:text-3xl">
          {clients.title}
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {clients.names.map((name) => (
            <li
              key={name}
              className="font-display flex min-h-20 items-center justify-center rounded-xl border border-slate-200 px-4 py-3 text-lg leading-snug font-bold text-navy-800"
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
