// ERROR: 6:5: undeclared label 'Missing'
procedure P()
{
  start:
    assume true;
    goto Missing, start;
}
