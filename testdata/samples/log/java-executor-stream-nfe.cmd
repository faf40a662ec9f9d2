java Orders  # OpenJDK 17.0.15; a program written for the sample: a stream parse of bad input in an executor task, the failure read with Future.get
# exit status 1
