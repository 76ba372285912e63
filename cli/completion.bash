# bash completion for boardlab (installed to share/bash-completion/completions/boardlab):
# commands first, then game names for the commands that take one, then options from the
# command's own --help.
_boardlab() {
  local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    local commands
    commands=$(boardlab --help 2>/dev/null | awk '/^Subcommands:/ {on = 1; next} on && NF {print $1}')
    COMPREPLY=($(compgen -W "$commands --version --help" -- "$cur"))
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(boardlab help "$cmd" 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
    return
  fi
  case $cmd in
    play|options|check|moves|perft|bench|playouts|simulate|compare|sweep|serve|train|match)
      COMPREPLY=($(compgen -W "$(boardlab list 2>/dev/null | awk 'NF && !/:$/ {print $1}')" -- "$cur"))
      COMPREPLY+=($(compgen -f -X '!*.yaml' -- "$cur"));;
    help)
      COMPREPLY=($(compgen -W "$(boardlab --help 2>/dev/null | awk '/^Subcommands:/ {on = 1; next} on && NF {print $1}')" -- "$cur"));;
    *)
      COMPREPLY=($(compgen -f -- "$cur"));;
  esac
}
complete -F _boardlab boardlab
