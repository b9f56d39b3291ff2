import { Link } from 'react-router';
import { Mail, UserPlus } from 'lucide-react';
import { ButtonLink, buttonClasses } from '../../components/button-link';
import { teamContent } from '../../content/team';
import { useContent } from '../../content/use-content';

export function JoinTeamCta() {
  const { team } = useContent(teamContent);
  const { title, text, apply, sendResume, attachResume } = team.join;
  return (
    <section aria-labelledby="join-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="mx-auto max-w-3xl rounded-2xl border border-gold-200 bg-gold-100 px-6 py-10 text-center sm:px-12">
          <h2 id="join-heading" className="font-display text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={apply.to} variant="secondary" size="lg">
              <UserPlus aria-hidden="true" className="size-5" />
              {apply.label}
            </ButtonLink>
            <a
              href={sendResume.href}
              className={buttonClasses('outline', 'lg')}
              aria-describedby="send-resume-hint"
            >
              <Mail aria-hidden="true" className="size-5" />
              {sendResume.label}
            </a>
          </div>
          <p id="send-resume-hint" className="mt-4 text-sm text-slate-700">
            {sendResume.hint}
          </p>
          <p className="mt-2">
            <Link
              to={attachResume.to}
              className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-2 hover:text-navy-950"
            >
              {attachResume.label}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
