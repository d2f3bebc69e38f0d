# The interface keyring.c is generated from (limbo -a: keyringrunt.h,
# limbo -t Keyring: keyringmod.h), apart from runt.m's: Keyring's IPint
# and DigestState have the C names of IPints' and Crypt's.
implement nothing;

include "sys.m";
include "keyring.m";
