import { ProjectSCurve } from '@/features/s-curve/components/s-curve-screen';

/** 'Curva S' (issue 16); the id may be the word 'current' (the selected project). */
export function ProjectSCurveRoute() {
  return <ProjectSCurve />;
}
