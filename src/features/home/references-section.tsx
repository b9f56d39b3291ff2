import { Quote, Star } from 'lucide-react';
import { Carousel } from '../../components/carousel';
import { SectionHeading } from '../../components/section-heading';
import { carouselLabels, type Testimonial, homeContent } from '../../content/home';
import { ui } from '../../content/site';
import { HomeIconGlyph } from './home-icons';
import { useContent } from '../../content/use-content';

function Rating({ rating }: { rating: number }) {
  const { testimonials } = useContent(homeContent).references;
  const scale = testimonials.ratingScale;
  return (
    <div
      role="img"
      aria-label={testimonials.ratingLabel(rating, scale)}
      className="flex justify-center gap-1"
    >
      {Array.from({ length: scale }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={`size-5 ${i < rating ? 'fill-gold-400 text-gold-700' : 'text-slate-300'}`}
        />
      ))}
    </div>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="mx-auto flex h-full max-w-3xl flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-md sm:px-12">
      <Quote aria-hidden="true" className="size-10 text-gold-500" />
      <Rating rating={testimonial.rating} />
      <blockquote className="font-display mt-6 text-xl leading-relaxed text-navy-950 sm:text-2xl">
        <p>{ui.quoted(testimonial.text)}</p>
      </blockquote>
      <figcaption className="mt-6">
        <span className="block font-semibold text-navy-950">{testimonial.name}</span>
        <span className="block text-slate-600">
          {testimonial.position}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  );
}

export function ReferencesSection() {
  const { references } = useContent(homeContent);
  const { testimonials } = references;
  return (
    <section
      id={references.id}
      aria-labelledby="references-heading"
      className="defer-render bg-white py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="references-heading"
          eyebrow={references.eyebrow}
          title={references.title}
          intro={references.intro}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {references.categories.map((category) => (
            <li
              key={category.category}
              className="rounded-2xl border border-slate-200 p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-full bg-gold-100 text-gold-800">
                <HomeIconGlyph name={category.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{category.category}</h3>
              <ul aria-label={category.category} className="mt-3 space-y-1.5 text-slate-600">
                {category.clients.map((client) => (
                  <li key={client}>{client}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <div className="mt-16 rounded-3xl bg-navy-50 px-4 py-12 sm:px-8">
          <h3 className="font-display text-center text-2xl font-bold sm:text-3xl">
            {references.testimonialsTitle}
          </h3>
          <Carousel
            label={testimonials.label}
            items={testimonials.items}
            intervalMs={testimonials.intervalMs}
            labels={carouselLabels}
            arrows
            getKey={(testimonial) => testimonial.name}
            className="mt-8 flex flex-col-reverse gap-6"
            controlsClassName="justify-center"
            renderSlide={(testimonial) => <TestimonialCard testimonial={testimonial} />}
          />
        </div>
      </div>
    </section>
  );
}
