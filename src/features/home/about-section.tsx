import { BadgeCheck } from 'lucide-react';
import { ResponsivePicture } from '../../components/responsive-picture';
import { SectionHeading } from '../../components/section-heading';
import { homeContent } from '../../content/home';
import { homeImagesContent } from '../../content/home-images';
import { ui } from '../../content/site';
import { HomeIconGlyph } from './home-icons';
import { useContent } from '../../content/use-content';

function FounderProfile() {
  const { about } = useContent(homeContent);
  const { founderPortrait } = useContent(homeImagesContent);
  const { founder } = about;
  return (
    <article
      aria-labelledby="founder-heading"
      className="mt-14 overflow-hidden rounded-2xl bg-navy-950 text-navy-50 shadow-lg sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
    >
      <ResponsivePicture
        image={founderPortrait}
        alt={founder.portraitAlt}
        sizes="(max-width: 639px) 100vw, (max-width: 1023px) 40vw, 420px"
        className="aspect-[4/5] w-full object-cover sm:aspect-auto sm:h-full"
        style={{ objectPosition: '50% 30%' }}
      />
      <div className="on-dark flex flex-col justify-center p-6 sm:p-10 lg:p-14">
        <h3
          id="founder-heading"
          className="text-sm font-semibold tracking-widest text-gold-300 uppercase"
        >
          {founder.title}
        </h3>
        <p className="font-display mt-3 text-2xl font-bold text-white">{founder.name}</p>
        <p className="text-gold-200">{founder.role}</p>
        <blockquote className="font-display mt-6 border-l-4 border-gold-400 pl-4 text-xl leading-relaxed text-white sm:text-2xl">
          <p>{ui.quoted(founder.quote)}</p>
        </blockquote>
        <p className="mt-6 leading-relaxed">{founder.bio}</p>
        <ul aria-label={founder.credentialsLabel} className="mt-5 space-y-2">
          {founder.credentials.map((credential) => (
            <li key={credential} className="flex items-center gap-2 font-medium text-white">
              <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-gold-300" />
              {credential}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export function AboutSection() {
  const { about } = useContent(homeContent);
  return (
    <section
      id={about.id}
      aria-labelledby="about-heading"
      className="defer-render bg-white py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="about-heading"
          eyebrow={about.eyebrow}
          title={about.title}
          intro={about.intro}
        />
        <div className="grid gap-10 lg:grid-cols-5 lg:gap-12">
          <div className="rounded-2xl border-l-4 border-gold-500 bg-gold-100/60 p-6 sm:p-8 lg:col-span-2">
            <h3 className="font-display text-2xl font-bold">{about.mission.title}</h3>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{about.mission.text}</p>
          </div>
          <div className="lg:col-span-3">
            <h3 className="font-display text-2xl font-bold">{about.valuesTitle}</h3>
            <ul className="mt-6 grid gap-4 sm:grid-cols-3 sm:gap-6">
              {about.values.map((value) => (
                <li
                  key={value.title}
                  className="flex gap-4 rounded-xl border border-slate-200 p-5 shadow-sm sm:block sm:p-6"
                >
                  <span className="grid size-12 shrink-0 place-items-center rounded-full bg-navy-950 text-gold-300">
                    <HomeIconGlyph name={value.icon} className="size-6" />
                  </span>
                  <div>
                    <h4 className="text-lg font-semibold text-navy-950 sm:mt-4">{value.title}</h4>
                    <p className="mt-2 text-slate-600">{value.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <FounderProfile />
      </div>
    </section>
  );
}
